// Button mode (TELEGRAM_CONFIRM=button, the default): /start only asks; the Confirm of the Telegram user
// who pressed Start completes the login, anyone else's press changes nothing (issue 16, part 3).
import { FakeBotApi } from './fake-bot-api';
import {
  body,
  create,
  loginRequest,
  pressButton,
  redisPrefix,
  startService,
  type TestService,
  testConfig,
  waitFor,
} from './helpers';

const victim = { id: 5101, first_name: 'Victim' };
const attacker = { id: 6666, first_name: 'Mallory' };

describe('telegram login confirmed with buttons', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  let svc: TestService | undefined;

  async function service(env: Record<string, string> = {}) {
    svc = await startService(testConfig(fake, keys.prefix, { TELEGRAM_SITE_NAME: 'Acme Login', ...env }));
    return svc;
  }
  const poll = (s: TestService, created: Awaited<ReturnType<typeof create>>) =>
    s.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));

  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('confirm');
  });
  afterEach(async () => {
    await svc?.stop();
    svc = undefined;
    await fake.close();
    await keys.cleanup();
  });

  it('asks after /start, and only the Confirm of the user who pressed Start logs in', async () => {
    const s = await service();
    const created = await create(s);
    fake.sendText(victim, `/start ${created.token}`);
    const prompt = await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Confirm'));
    expect(prompt.text).toMatch(
      /^Log in to Acme Login\?\nThis login was started on \d{4}-\d\d-\d\d at \d\d:\d\d UTC \(less than a minute ago\)\.\nIf you did not just start a login on Acme Login, ignore this message or press Cancel\.$/,
    );
    // Each button names its request; the store decides who may press it.
    expect(prompt.keyboard).toEqual([
      [
        { text: 'Confirm', callback_data: `c:${created.token}` },
        { text: 'Cancel', callback_data: `x:${created.token}` },
      ],
    ]);
    // /start alone logs nobody in.
    expect(body(await poll(s, created))).toEqual({ error: 'request is not verified yet' });

    // Someone else presses Confirm (a forwarded copy of the message, a guessed callback): nothing changes.
    expect(await pressButton(fake, victim.id, 'Confirm', attacker)).toBe('This login was started by someone else.');
    expect(await pressButton(fake, victim.id, 'Cancel', attacker)).toBe('This login was started by someone else.');
    expect(body(await poll(s, created))).toEqual({ error: 'request is not verified yet' });
    expect(prompt.edits).toBe(0);

    expect(await pressButton(fake, victim.id, 'Confirm', victim)).toBe('Logged in');
    // The bot answers the press first, then edits the prompt: the edit may land a moment later.
    await waitFor('the prompt edited', () => (prompt.keyboard?.length === 0 ? true : undefined));
    expect(fake.messagesTo(victim.id)).toEqual(['✅ You have successfully authenticated, check the web!']);
    expect(prompt.keyboard).toEqual([]);
    const done = await poll(s, created);
    expect(JSON.parse(done.userJson)).toMatchObject({ name: 'Victim' });

    // A stale copy of the buttons pressed again: answered, nothing changes.
    const stale = { ...prompt, keyboard: [[{ text: 'Confirm', callback_data: `c:${created.token}` }]] };
    const id = fake.press(victim, stale, 'Confirm');
    expect(await waitFor('the answer', () => fake.answerTo(id))).toBe(
      'This login request has expired or is already finished.',
    );
    expect(prompt.edits).toBe(1);
  });

  it('lets the user who pressed Start cancel the login', async () => {
    const s = await service();
    const created = await create(s);
    fake.sendText(victim, `/start ${created.token}`);
    const prompt = await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Cancel'));
    const copy = structuredClone(prompt);
    expect(await pressButton(fake, victim.id, 'Cancel', victim)).toBe('Login cancelled');
    // The bot answers the press first, then edits the prompt: the edit may land a moment later.
    await waitFor('the prompt edited', () => (fake.messagesTo(victim.id)[0] === 'Login cancelled.' ? true : undefined));
    expect(fake.messagesTo(victim.id)).toEqual(['Login cancelled.']);
    expect(body(await poll(s, created))).toEqual({ error: 'request is not found' });
    // Confirm under the old message afterwards does nothing.
    const id = fake.press(victim, copy, 'Confirm');
    expect(await waitFor('the answer', () => fake.answerTo(id))).toBe(
      'This login request has expired or is already finished.',
    );
    expect(body(await poll(s, created))).toEqual({ error: 'request is not found' });
  });

  it('answers a press on an expired request and changes nothing', async () => {
    const s = await service({ TELEGRAM_REQUEST_LIFETIME: '1s' });
    const created = await create(s);
    fake.sendText(victim, `/start ${created.token}`);
    const prompt = await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Confirm'));
    await new Promise((r) => setTimeout(r, 1100));
    expect(await pressButton(fake, victim.id, 'Confirm', victim)).toBe(
      'This login request has expired or is already finished.',
    );
    expect(prompt.edits).toBe(0);
    expect(body(await poll(s, created))).toEqual({ error: 'request expired' });
  });

  it('answers every press, including buttons it does not know', async () => {
    const s = await service();
    const created = await create(s);
    fake.sendText(victim, `/start ${created.token}`);
    const prompt = await waitFor('the prompt', () => fake.buttonIn(victim.id, 'Confirm'));
    const odd = { ...prompt, keyboard: [[{ text: 'Confirm', callback_data: 'something else' }]] };
    const id = fake.press(victim, odd, 'Confirm');
    expect(await waitFor('the answer', () => fake.answerTo(id))).toBe('This button is no longer valid.');
    expect(body(await poll(s, created))).toEqual({ error: 'request is not verified yet' });
  });
});
