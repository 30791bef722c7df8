/**
 * postgres.js 3.4.9 can throw from a timer after its socket closed (`socket.write` on null in
 * connection.js) while the database restarts. That error belongs to a connection the pool already
 * dropped; letting it end the process would take every request in flight with it. Only that error is
 * kept from ending the process; anything else still crashes it as before.
 */
function isClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /postgres\/[^/]+\/src\/connection\.js/.test(error.stack ?? '')
  );
}

export function survivePostgresSocketRaces(): void {
  globalThis.addEventListener('error', (event) => {
    if (!isClosedSocketWrite(event.error)) return;
    event.preventDefault();
    console.error('db: a write on a closed database connection was dropped (the pool reconnects)');
  });
}
