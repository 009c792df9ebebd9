// Checks, once before any test, that the real Postgres and Redis the tests use answer. Where they do
// not and a Docker engine exists, testcontainers starts them; otherwise the run stops with one line
// saying what to start.
import { ensureTestServices } from './services';

export default async function globalSetup(): Promise<void> {
  await ensureTestServices();
}
