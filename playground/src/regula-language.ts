// Regula for Monaco: takes the Monaco API, registers the `regula` language with a Monarch
// tokenizer (keywords from grammar/tokens.ts, strings, numbers, `//` comments) and editing rules.
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { KEYWORDS } from '../../grammar/tokens.js';

export const REGULA = 'regula';

export function regulaMonarch(keywords: readonly string[] = KEYWORDS): Monaco.languages.IMonarchLanguage {
  return {
    defaultToken: '',
    unicode: true,
    keywords: [...keywords],
    tokenizer: {
      root: [
        [/\/\/.*$/, 'comment'],
        [/"/, { token: 'string.quote', next: '@string' }],
        [/[0-9]+/, 'number'],
        [/[\p{L}_][\p{L}0-9_]*(?:-[\p{L}0-9_]+)*/u, {
          cases: { '@keywords': 'keyword', '\\p{Lu}.*': 'type.identifier', '@default': 'identifier' },
        }],
        [/[{}()[\]]/, '@brackets'],
        [/!=|<=|>=|[=<>+\-*/|:,]/, 'operator'],
        [/\s+/, 'white'],
      ],
      string: [
        [/[^"\\]+/, 'string'],
        [/\\./, 'string.escape'],
        [/"/, { token: 'string.quote', next: '@pop' }],
      ],
    },
  };
}

export const regulaConfiguration: Monaco.languages.LanguageConfiguration = {
  comments: { lineComment: '//' },
  brackets: [['{', '}'], ['[', ']'], ['(', ')']],
  autoClosingPairs: [
    { open: '{', close: '}' }, { open: '[', close: ']' }, { open: '(', close: ')' }, { open: '"', close: '"', notIn: ['string', 'comment'] },
  ],
  surroundingPairs: [{ open: '{', close: '}' }, { open: '[', close: ']' }, { open: '(', close: ')' }, { open: '"', close: '"' }],
  wordPattern: /[\p{L}_][\p{L}0-9_]*(?:-[\p{L}0-9_]+)*|[0-9]+/u,
};

export function registerRegula(monaco: typeof Monaco): void {
  monaco.languages.register({ id: REGULA, extensions: ['.rules'], aliases: ['Regula'] });
  monaco.languages.setMonarchTokensProvider(REGULA, regulaMonarch());
  monaco.languages.setLanguageConfiguration(REGULA, regulaConfiguration);
}
