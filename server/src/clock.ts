/** What "now" is: the real time in the server, a chosen one in tests. Its own module, so the senders and the jobs take it without AppDeps. */
export type Clock = () => Date;
