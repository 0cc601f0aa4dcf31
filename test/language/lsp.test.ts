// `regula lsp` started exactly as VS Code starts it: the shipped extension (editors/vscode/)
// activated, its command spawned with `--stdio` appended as the language client appends it, and
// LSP spoken over the pipes: initialize, open a shipped ruleset, read the diagnostics it publishes,
// ask for completion, hover, a definition, rename and formatting, then shutdown and exit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { LspClient, positionAt } from './lsp-client.js';
import { extensionFolder, serverAsVsCodeStartsIt } from './vscode-extension.js';

const path = join(repoRoot, 'rulesets/tokaido/tokaido.cs.rules');
const text = readFileSync(path, 'utf8');
const uri = pathToFileURL(path).href;
let client: LspClient;

/** The LSP position of `needle` in the text, plus `delta` characters. */
const positionOf = (needle: string, delta = 0) => positionAt(text, text.indexOf(needle) + delta);

beforeAll(async () => {
  const launch = await serverAsVsCodeStartsIt(repoRoot);
  expect(launch).toEqual({ command: 'node', args: [join(extensionFolder, '..', '..', 'bin', 'regula.mjs'), 'lsp', '--stdio'], options: { cwd: repoRoot, shell: process.platform === 'win32' } });
  client = LspClient.spawn(launch.command, launch.args, launch.options);
  const init = await client.initialize(pathToFileURL(repoRoot).href);
  expect(init.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, completionProvider: {} });
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'regula', version: 1, text } });
}, 60_000);

afterAll(() => {
  if (client.child.exitCode === null) client.child.kill();
});

it('uses the regula.command setting as it is, with --stdio appended', async () => {
  expect(await serverAsVsCodeStartsIt(repoRoot, ['regula', 'lsp'])).toMatchObject({ command: 'regula', args: ['lsp', '--stdio'] });
});

it('publishes the diagnostics of an opened file (none for a shipped ruleset)', async () => {
  const params = await client.notification<{ uri: string; diagnostics: unknown[] }>('textDocument/publishDiagnostics');
  expect(params.uri).toBe(uri);
  expect(params.diagnostics).toEqual([]);
}, 60_000);

it('answers completion with the counters after `pay amount`', async () => {
  const items = await client.request<{ label: string; kind: number }[]>('textDocument/completion', { textDocument: { uri }, position: positionOf('pay amount coins', 'pay amount '.length) });
  expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['coins', 'points', 'donated']));
  expect(items.map((i) => i.label)).not.toContain('meals');
}, 60_000);

it('answers hover on a rule with the rulebook passage it cites', async () => {
  const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', { textDocument: { uri }, position: positionOf('rule temple on stop', 'rule '.length) });
  expect(hover.contents.kind).toBe('markdown');
  expect(hover.contents.value).toContain('> Hráč může věnovat chrámu 1, 2 nebo 3 mince ze své zásoby');
  expect(hover.contents.value).toMatch(/tokaido\.cs\.txt:\d+, paragraph \d+/);
}, 60_000);

it('answers definition with the counter\'s declaration', async () => {
  const locations = await client.request<{ uri: string; range: { start: { line: number; character: number } } }[]>('textDocument/definition', { textDocument: { uri }, position: positionOf('pay amount coins', 'pay amount '.length + 1) });
  expect(locations).toEqual([{ uri, range: { start: positionOf('counter coins per player', 'counter '.length), end: positionOf('counter coins per player', 'counter coins'.length) } }]);
}, 60_000);

it('refuses a clashing rename with the reason', async () => {
  await expect(client.request('textDocument/rename', { textDocument: { uri }, position: positionOf('counter coins', 'counter '.length), newName: 'meals' }))
    .rejects.toThrow('`meals` is already declared as a zone');
}, 60_000);

it('formats a document as `regula fmt` does, and leaves a formatted one alone', async () => {
  expect(await client.request('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  const messy = 'game "Messy" {players 2 to 2}\ncounter   n\nflow {\n      end the game }\nwinner most n\n';
  const messyUri = uri.replace(/[^/]+$/, 'messy.rules');
  client.notify('textDocument/didOpen', { textDocument: { uri: messyUri, languageId: 'regula', version: 1, text: messy } });
  const edits = await client.request<{ newText: string }[]>('textDocument/formatting', { textDocument: { uri: messyUri }, options: { tabSize: 2, insertSpaces: true } });
  expect(edits).toHaveLength(1);
  expect(edits[0]!.newText).toContain('counter n\n');
  expect(edits[0]!.newText).toContain('flow {\n  end the game\n}');
}, 60_000);

it('ends the session on shutdown and exit with exit code 0', async () => {
  expect(await client.close()).toBe(0);
  expect(client.stderr).toBe('');
}, 60_000);
