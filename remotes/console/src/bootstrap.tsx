/**
 * Opened on its own, the remote only says where it belongs: its screens run inside the shell,
 * which loads them through mf-manifest.json after a staff login.
 */
const root = document.getElementById('root');
if (root) root.textContent = 'Rigshare staff console module. Log in as staff in the Rigshare app to use it.';
export {};
