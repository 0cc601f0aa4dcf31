// The outline a teacher projects: what there is, and the flow as a tree of phases, turns, loops,
// decisions and the rules they call, each node pointing back at the ruleset's text.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { randomAgent } from '../../interpreter/runtime/index.js';
import { outline, runningStatements, type OutlineNode } from '../../interpreter/tools/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import { setup } from '../../interpreter/runtime/index.js';
import { compileFile, compileText, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'test/interpreter/card-game.rules'));
const shape = (nodes: readonly OutlineNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.text, shape(n.children)] : n.text));

describe('a game outline', () => {
  it('lays out the flow as the rules nest it, with the handlers of each event', () => {
    const o = outline(def, 3);
    expect(shape(o.flow)).toEqual([
      ['repeat until count(deck) = 0', [
        ['round "of play"', [
          ['for each p in players', [
            ['turn of p', ['choose card from hand as play', ['fire scored-card(card)', ['rule five-bonus']]]],
          ]],
        ]],
      ]],
      'rank p in players by points of p ties share',
      'end the game',
    ]);
    const choice = o.flow[0]!.children[0]!.children[0]!.children[0]!.children[0]!;
    expect(choice).toMatchObject({ kind: 'choice', forbiddenBy: ['keep-your-fives'] });
    expect(choice.at).toMatch(/card-game\.rules:36:11$/);
  });

  it('follows the player count and variants: an automatic variant adds its rule', () => {
    const event = (players: number) => outline(def, players).flow[0]!.children[0]!.children[0]!.children[0]!.children[1]!;
    expect(event(2).children.map((n) => n.text)).toEqual(['rule five-bonus', 'rule extra-draw']);
    expect(event(3).children.map((n) => n.text)).toEqual(['rule five-bonus']);
  });

  it('lists zones, counters and the variants to choose', () => {
    const o = outline(def, 2);
    expect(o.zones.map((z) => [z.name, z.owner, z.visibility, z.cards])).toEqual([
      ['deck', 'game', 'hidden', 10], ['hand', 'each player', 'private', 0], ['scored', 'each player', 'public', 0],
    ]);
    expect(o.counters.find((c) => c.name === 'coins')).toMatchObject({ owner: 'each player', from: '2', atLeast: '0' });
    expect(o.choosable.map((v) => v.id)).toEqual(['double', 'calm']);
  });

  it('shows a rule called twice once, and points at it the second time', () => {
    const twice = compileText(`
      game "Twice" { players 1 to 1 }
      counter n
      rule tick { choose k from [1, 2] as take by players[1]  add k to n }
      flow { tick()  tick()  end the game }
    `);
    expect(outline(twice).flow.map((n) => [n.text, n.children.length, n.shownAbove ?? false])).toEqual([
      ['tick()', 1, false], ['tick()', 0, true], ['end the game', 0, false],
    ]);
  });
});

describe('where the game is', () => {
  it('names the running statements, from the flow down to the decision waiting for a player', () => {
    const state = setup(def, 3, 1);
    const spans = runningStatements(def, state);
    const text = (span: { start: number; end: number }) => def.source.text.slice(span.start, span.end).split('\n')[0]!.trim();
    expect(spans.map(text)).toEqual(['repeat until count(deck) = 0 {', 'round "of play" {', 'for each p in players {', 'turn of p {', 'choose card from hand as play']);
    // Each is a node of the outline, so the outline can show where the game is.
    const starts = new Set<number>();
    const walk = (nodes: readonly OutlineNode[]) => nodes.forEach((n) => { starts.add(n.span.start); walk(n.children); });
    walk(outline(def, 3).flow);
    expect(spans.every((s) => starts.has(s.start))).toBe(true);
  });

  it('is nowhere once the game is over', () => {
    const state = playGame(def, { players: 2, seed: 3, agents: [randomAgent('a'), randomAgent('b')] });
    expect(runningStatements(def, state)).toEqual([]);
  });
});

describe('regula outline, asked for a setup the game does not allow', () => {
  const regula = (...args: string[]) => spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'outline', 'test/interpreter/card-game.rules', ...args], { cwd: repoRoot, encoding: 'utf8' });
  it('names the unknown variant and the player count out of range', () => {
    expect(regula('--variant', 'nope')).toMatchObject({ status: 2, stderr: expect.stringContaining('Variant `nope` does not exist. Variants: double, calm.') });
    expect(regula('--players', '9')).toMatchObject({ status: 2, stderr: expect.stringContaining('This game takes 2 to 4 players, not 9.') });
  });
});

describe('regula outline', () => {
  it("prints the tree with each node's line", () => {
    const r = spawnSync(process.execPath, [join(repoRoot, 'bin/regula.mjs'), 'outline', 'test/interpreter/card-game.rules', '--players', '3'], { cwd: repoRoot, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('(as played by 3)');
    expect(r.stdout).toMatch(/^ {8}turn of p {3}\(line 35\)$/m);
    expect(r.stdout).toMatch(/^ {10}choose card from hand as play {3}— refused by keep-your-fives {3}\(line 36\)$/m);
  });
});
