/**
 * pg 8 only warns, once per process, when a query is sent to a client still busy with others (queries in
 * flight side by side on one transaction or one test client); pg 9 refuses them. The integration run
 * listens for that warning from its global setup (outside the specs' sandboxes, where it is emitted) and
 * fails at teardown, naming where the query was sent.
 */
const CONCURRENT_QUERY_WARNING = 'already executing a query';

const seen: string[] = [];

export function watchForConcurrentQueries(): void {
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(CONCURRENT_QUERY_WARNING)) seen.push(warning.stack ?? warning.message);
  });
}

export function failOnConcurrentQueries(): void {
  if (seen.length > 0) throw new Error(`queries were sent side by side on one pg client:\n${seen.join('\n\n')}`);
}
