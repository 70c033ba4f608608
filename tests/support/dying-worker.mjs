// A cluster worker that says it is ready and dies at once, without disconnecting first.
process.send('ready', () => process.kill(process.pid, 'SIGKILL'));
