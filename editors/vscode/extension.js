// The Regula extension: starts `regula lsp` (the command in the setting regula.command) for .rules
// files and lets VS Code's language client speak to it over stdio. Everything else is the server's.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration('regula').get('command') ?? ['npx', 'regula', 'lsp'];
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server = { command, args, transport: TransportKind.stdio, options: { cwd, shell: process.platform === 'win32' } };
  client = new LanguageClient('regula', 'Regula', server, { documentSelector: [{ scheme: 'file', language: 'regula' }] });
  context.subscriptions.push({ dispose: () => client?.stop() });
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
