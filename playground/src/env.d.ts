// Types for what Vite gives the playground's sources: `?raw` and `?worker` imports, import.meta.glob.
/// <reference types="vite/client" />

// Monaco's tab focus mode (Ctrl+M): whether Tab moves the focus out of the editor, and its changes.
declare module 'monaco-editor/editor/browser/config/tabFocus' {
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(on: boolean): void;
    readonly onDidChangeTabFocus: (listener: (on: boolean) => void) => { dispose(): void };
  };
}
