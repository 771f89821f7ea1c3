/**
 * Opened on its own, the remote only says where it belongs: its screens run inside the shell,
 * which loads them through mf-manifest.json.
 */
const root = document.getElementById('root');
if (root) root.textContent = 'Rigshare wallet module. Open the Rigshare app to use it.';
export {};
