// The Regula extension: starts `regula lsp` (server-command.js says which command) for .rules
// files and lets VS Code's language client speak to it over stdio, the client appending `--stdio`
// to the command as it does for TransportKind.stdio. Everything else is the server's.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { serverCommand } = require('./server-command');

let client;

function activate(context) {
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const { command, args } = serverCommand(vscode.workspace.getConfiguration('regula').get('command'), cwd, context.extensionPath);
  const server = { command, args, transport: TransportKind.stdio, options: { cwd, shell: process.platform === 'win32' } };
  client = new LanguageClient('regula', 'Regula', server, { documentSelector: [{ scheme: 'file', language: 'regula' }] });
  context.subscriptions.push({ dispose: () => client?.stop() });
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
