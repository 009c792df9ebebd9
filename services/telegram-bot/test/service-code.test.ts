// Code mode (TELEGRAM_CONFIRM=code): /start makes the bot send a six-digit code, and only the browser
// that started the login completes it by posting that code; three wrong codes end it (issue 16, part 3).
import * as grpc from '@grpc/grpc-js';
import { FakeBotApi } from './fake-bot-api';
import {
  body,
  capturedLog,
  create,
  loginRequest,
  redisPrefix,
  startService,
  type TestService,
  testConfig,
  waitFor,
} from './helpers';

const user = { id: 5201, first_name: 'Coder' };
type Created = Awaited<ReturnType<typeof create>>;

describe('telegram login confirmed with a code', () => {
  let fake: FakeBotApi;
  let keys: ReturnType<typeof redisPrefix>;
  let svc: TestService | undefined;
  let captured: ReturnType<typeof capturedLog>;

  const send = (s: TestService, created: Created, query: Record<string, string> = {}, cookies = created.cookies) =>
    s.login.login(loginRequest({ token: created.token, ...query }, { cookies }));

  /** Creates a request and presses Start; returns it with the code the bot sent. */
  async function started(chat = user) {
    svc = await startService(
      testConfig(fake, keys.prefix, { TELEGRAM_CONFIRM: 'code', AUTH_URL: 'https://login.example.com' }),
      {},
      captured.log,
    );
    const created = await create(svc);
    fake.sendText(chat, `/start ${created.token}`);
    const text = await waitFor('the code message', () => fake.messagesTo(chat.id)[0]);
    const code = /^Your login code for login\.example\.com: (\d{6})\n/.exec(text)?.[1];
    if (!code) throw new Error(`no code in ${JSON.stringify(text)}`);
    return { s: svc, created, code, text };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeEach(async () => {
    fake = await new FakeBotApi().listen();
    keys = redisPrefix('code');
    captured = capturedLog();
  });
  afterEach(async () => {
    await svc?.stop();
    svc = undefined;
    await fake.close();
    await keys.cleanup();
  });

  it('sends a code, and the browser that started the login completes it with that code, once', async () => {
    const { s, created, code, text } = await started();
    expect(created).toMatchObject({ confirm: 'code' });
    expect(text).toContain('If you did not just start a login on login.example.com, ignore this');
    expect(fake.buttonIn(user.id, 'Confirm')).toBeUndefined();
    // Without the code the page learns that one is needed; /start alone logs nobody in.
    expect([(await send(s, created)).status, body(await send(s, created))]).toEqual([
      404,
      { error: 'code is required' },
    ]);
    // The right code without the browser's cookie: nothing, and no attempt is spent.
    const stranger = await send(s, created, { code }, []);
    expect([stranger.status, body(stranger), stranger.userJson]).toEqual([404, { error: 'request is not found' }, '']);
    expect(body(await send(s, created, { code: '12345' }))).toEqual({ error: 'code must be six digits' });

    const bad = await send(s, created, { code: wrong(code) });
    expect([bad.status, body(bad)]).toEqual([403, { error: 'wrong code', attempts_left: 2 }]);
    const ok = await send(s, created, { code });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.userJson)).toMatchObject({ name: 'Coder' });
    // Single use.
    const again = await send(s, created, { code });
    expect([again.status, body(again)]).toEqual([404, { error: 'request is not found' }]);
    // The code is a secret: never in the log.
    expect(captured.lines.length).toBeGreaterThan(0);
    expect(captured.lines.filter((l) => l.includes(code))).toEqual([]);
  });

  it('ends the request at the third wrong code', async () => {
    const { s, created, code } = await started();
    expect(body(await send(s, created, { code: wrong(code) }))).toEqual({ error: 'wrong code', attempts_left: 2 });
    expect(body(await send(s, created, { code: wrong(wrong(code)) }))).toEqual({
      error: 'wrong code',
      attempts_left: 1,
    });
    const third = await send(s, created, { code: wrong(code) });
    expect([third.status, body(third)]).toEqual([403, { error: 'too many wrong codes: start the login again' }]);
    const late = await send(s, created, { code });
    expect([late.status, body(late), late.userJson]).toEqual([404, { error: 'request is not found' }, '']);
  });

  it('counts concurrent wrong codes atomically', async () => {
    const { s, created, code } = await started();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(s, created, { code: wrong(code) })));
    const errors = answers.map((a) => (body(a) as { error: string }).error).sort();
    expect(errors).toEqual([
      'request is not found',
      'request is not found',
      'request is not found',
      'too many wrong codes: start the login again',
      'wrong code',
      'wrong code',
    ]);
    expect((await send(s, created, { code })).status).toBe(404);
  });

  it('completes a request made over gRPC with the code over gRPC, for a caller of its own', async () => {
    svc = await startService(testConfig(fake, keys.prefix, { TELEGRAM_CONFIRM: 'code' }), {}, captured.log);
    const s = svc;
    const created = await s.telegram.createLoginRequest({});
    const chat = { id: 5204, first_name: 'Api' };
    fake.sendText(chat, `/start ${created.token}`);
    const code = /: (\d{6})\n/.exec(await waitFor('the code message', () => fake.messagesTo(chat.id)[0]))?.[1] ?? '';
    const check = (c: string) =>
      s.telegram.checkLoginRequest({ token: created.token, code: c }).catch((e: grpc.ServiceError) => e);
    const refusal = (e: unknown) => {
      const err = e as grpc.ServiceError;
      return [err.code, err.details, err.metadata.get('x-error-code')[0]];
    };
    const { NOT_FOUND, INVALID_ARGUMENT, PERMISSION_DENIED } = grpc.status;
    expect(refusal(await check(''))).toEqual([NOT_FOUND, 'code is required', 'REQUEST_NEEDS_CODE']);
    expect(refusal(await check('12ab56'))).toEqual([INVALID_ARGUMENT, 'code must be six digits', 'BAD_CODE']);
    expect(refusal(await check(wrong(code)))).toEqual([PERMISSION_DENIED, 'wrong code, 2 attempts left', 'WRONG_CODE']);
    expect(await check(code)).toMatchObject({ userJson: expect.stringContaining('"name":"Api"') });
    expect(refusal(await check(code))).toEqual([NOT_FOUND, 'request is not found', 'REQUEST_NOT_FOUND']);

    // A request of the browser flow is not the gRPC caller's, code or not.
    const browsers = await create(s);
    fake.sendText({ id: 5205, first_name: 'B' }, `/start ${browsers.token}`);
    const theirs = /: (\d{6})\n/.exec(await waitFor('their code', () => fake.messagesTo(5205)[0]))?.[1] ?? '';
    const stolen = await s.telegram
      .checkLoginRequest({ token: browsers.token, code: theirs })
      .catch((e: grpc.ServiceError) => e);
    expect(refusal(stolen)).toEqual([NOT_FOUND, 'request is not found', 'REQUEST_NOT_FOUND']);
  });

  it('refuses a code over gRPC when the bot confirms with buttons', async () => {
    svc = await startService(testConfig(fake, keys.prefix), {}, captured.log);
    const created = await svc.telegram.createLoginRequest({});
    const err = (await svc.telegram
      .checkLoginRequest({ token: created.token, code: '123456' })
      .catch((e: grpc.ServiceError) => e)) as grpc.ServiceError;
    expect([err.code, err.details]).toEqual([
      grpc.status.INVALID_ARGUMENT,
      'codes are only used with TELEGRAM_CONFIRM=code',
    ]);
  });

  it('sends a different random code for each login', async () => {
    const first = await started({ id: 5202, first_name: 'A' });
    const created = await create(first.s);
    fake.sendText({ id: 5203, first_name: 'B' }, `/start ${created.token}`);
    const text = await waitFor('the second code', () => fake.messagesTo(5203)[0]);
    expect(text).toMatch(/: \d{6}\n/);
    expect(text).not.toContain(`: ${first.code}\n`);
  });
});
