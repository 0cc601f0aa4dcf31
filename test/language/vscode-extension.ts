// The shipped VS Code extension (editors/vscode/extension.js) activated outside VS Code: takes a
// workspace folder and the `regula.command` setting, gives the command line and spawn options its
// language client would start the server with. `vscode` and `vscode-languageclient/node` are
// stand-ins that record what the extension passes; the client's part is done as
// vscode-languageclient 9 does it for an executable server: TransportKind.stdio appends `--stdio`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Module from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../helpers.js';

/** vscode-languageclient's TransportKind, with its values. */
const TransportKind = { stdio: 0, ipc: 1, pipe: 2, socket: 3 } as const;

interface Executable {
  command: string;
  args?: string[];
  transport?: number;
  options?: { cwd?: string; shell?: boolean };
}

export interface ServerLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly options: { cwd?: string; shell?: boolean };
}

export const extensionFolder = join(repoRoot, 'editors', 'vscode');

/** The `regula.command` setting's default, as the extension's package.json declares it. */
const defaultCommand = (): unknown =>
  JSON.parse(readFileSync(join(extensionFolder, 'package.json'), 'utf8')).contributes.configuration.properties['regula.command'].default;

/** `setting` as the user set `regula.command`; left out, the setting's default. */
export async function serverAsVsCodeStartsIt(workspace: string, setting?: readonly string[]): Promise<ServerLaunch> {
  let server: Executable | undefined;
  const vscode = {
    workspace: {
      workspaceFolders: [{ uri: { fsPath: workspace } }],
      getConfiguration: (section: string) => ({ get: (key: string) => (section === 'regula' && key === 'command' ? setting ?? defaultCommand() : undefined) }),
    },
  };
  class LanguageClient {
    constructor(_id: string, _name: string, serverOptions: Executable) {
      server = serverOptions;
    }
    start(): Promise<void> {
      return Promise.resolve();
    }
    stop(): Promise<void> {
      return Promise.resolve();
    }
  }
  const stubs: Record<string, unknown> = { vscode, 'vscode-languageclient/node': { LanguageClient, TransportKind } };
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = loader._load;
  loader._load = (request, ...rest) => (request in stubs ? stubs[request] : load(request, ...rest));
  const require = createRequire(import.meta.url);
  const path = require.resolve(join(extensionFolder, 'extension.js'));
  try {
    const extension = require(path) as { activate(context: unknown): Promise<void> };
    await extension.activate({ subscriptions: [], extensionPath: extensionFolder });
  } finally {
    loader._load = load;
    delete require.cache[path];
  }
  if (!server) throw new Error('The extension did not create a language client.');
  // What the client does with an executable: copy the arguments and append the transport's flag.
  const args = [...(server.args ?? [])];
  if (server.transport === TransportKind.stdio) args.push('--stdio');
  else if (server.transport === TransportKind.pipe) args.push('--pipe=<name>');
  else if (server.transport !== undefined) throw new Error(`The extension asks for transport ${server.transport}, which the client cannot use for a command.`);
  return { command: server.command, args, options: { ...server.options, cwd: server.options?.cwd ?? workspace } };
}
