// Which command starts the language server: takes the `regula.command` setting, the workspace
// folder and this extension's folder, gives the command and its arguments, to which VS Code's
// language client appends `--stdio`. Plain Node, no `vscode`, so that a test can ask it too.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

/**
 * In order: the setting, when set; the workspace's own Regula (`npm install regula` there); the
 * Regula checkout this extension sits in (editors/vscode/, as its README installs it); `regula`
 * on the PATH (`npm install -g`, `npm link`).
 */
function serverCommand(setting, workspaceFolder, extensionFolder) {
  if (Array.isArray(setting) && setting.length > 0) return { command: setting[0], args: setting.slice(1) };
  const candidates = [
    workspaceFolder && join(workspaceFolder, 'node_modules', 'regula', 'bin', 'regula.mjs'),
    join(extensionFolder, '..', '..', 'bin', 'regula.mjs'),
  ];
  const script = candidates.find((path) => path && existsSync(path));
  return script ? { command: 'node', args: [script, 'lsp'] } : { command: 'regula', args: ['lsp'] };
}

module.exports = { serverCommand };
