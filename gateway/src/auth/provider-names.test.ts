import { createLogger } from '@gatehouse/logger';
import { PROVIDER_LIST_MAX_AGE_MS, ProviderNames } from './provider-names';

const log = createLogger({ name: 'test', level: 'silent' });
const settle = () => new Promise((r) => setImmediate(r));

function names(answers: (string[] | Error)[]) {
  let clock = 1_000_000;
  const asked: number[] = [];
  const changes: string[][] = [];
  const list = async () => {
    asked.push(clock);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer as string[];
  };
  const providers = new ProviderNames({
    list,
    onChange: (set) => changes.push([...set].sort()),
    log,
    now: () => clock,
  });
  return { providers, asked, changes, advance: (ms: number) => (clock += ms) };
}

test('the list is asked for at start, and after that only when a check finds it older than 30 s', async () => {
  const { providers, asked, changes, advance } = names([['dev', 'github'], ['dev']]);
  // Before the first answer every provider passes.
  expect(providers.allowed('google')).toBe(true);
  providers.start();
  await settle();
  expect(asked).toHaveLength(1);
  expect(changes).toEqual([['dev', 'github']]);
  expect(providers.allowed('github')).toBe(true);
  expect(providers.allowed('google')).toBe(false);

  // Idle: however long, nothing asks.
  advance(10 * PROVIDER_LIST_MAX_AGE_MS);
  await settle();
  expect(asked).toHaveLength(1);

  // A check on the old list asks once, however many checks come before the answer; the check that asked
  // is answered from the list at hand, and those after the answer from the new one.
  providers.keepFresh();
  providers.keepFresh();
  expect(providers.allowed('github')).toBe(true);
  await settle();
  expect(asked).toHaveLength(2);
  expect(changes).toEqual([['dev', 'github'], ['dev']]);
  expect(providers.allowed('github')).toBe(false);

  // A fresh list is not asked for again.
  advance(PROVIDER_LIST_MAX_AGE_MS - 1);
  providers.keepFresh();
  await settle();
  expect(asked).toHaveLength(2);
  advance(1);
  providers.keepFresh();
  await settle();
  expect(asked).toHaveLength(3);
  // The same list again is no change.
  expect(changes).toHaveLength(2);
  providers.stop();
});

test('a failed refresh keeps the last list and is tried again a second later, on use', async () => {
  const { providers, asked, advance } = names([['dev', 'github'], new Error('auth restarting'), ['dev', 'github']]);
  providers.start();
  await settle();
  advance(PROVIDER_LIST_MAX_AGE_MS);
  providers.keepFresh();
  await settle();
  expect(asked).toHaveLength(2);
  expect(providers.allowed('github')).toBe(true);
  advance(999);
  providers.keepFresh();
  await settle();
  expect(asked).toHaveLength(2);
  advance(1);
  providers.keepFresh();
  await settle();
  expect(asked).toHaveLength(3);
  providers.stop();
});

test('until the first answer a timer asks every second, and stop() ends it', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate'] });
  try {
    const { providers, asked } = names([new Error('not up yet'), new Error('not up yet'), ['dev']]);
    providers.start();
    await settle();
    expect(asked).toHaveLength(1);
    expect(providers.allowed('anything')).toBe(true);
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(asked).toHaveLength(2);
    jest.advanceTimersByTime(1_000);
    await settle();
    expect(asked).toHaveLength(3);
    expect(providers.allowed('anything')).toBe(false);
    // Answered: no timer is left to ask again.
    expect(jest.getTimerCount()).toBe(0);
    providers.stop();
  } finally {
    jest.useRealTimers();
  }
});
