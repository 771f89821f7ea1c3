// The build's entry, which no page loads: the shell reaches the remote's screens through its
// container (mf-manifest.json), and the remote's own index.html is static (tools/rsbuild/federation.ts).
export {};
