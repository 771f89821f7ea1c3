// Every remote's build entry, which no page loads: the shell reaches a remote's screens through its
// container (remoteEntry.js), and the remote's own index.html is static (remote-page.html).
export {};
