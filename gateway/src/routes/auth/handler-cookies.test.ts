import { handlerCookies, handlerSetCookies } from './handler-cookies';

const set = (...values: string[]) => values.map((value) => ({ name: 'set-cookie', value }));

describe('handler cookies', () => {
  it('keeps only the handler own cookies and gives them the gateway attributes', () => {
    const secure = { sameSite: 'none' as const, secure: true };
    expect(
      handlerSetCookies(
        [
          ...set('JWT=x', 'XSRF-TOKEN=x', 'gh_other_req=x', 'gh_tg=x', 'gh_tg_=x', 'gh_tg_a=b c', 'gh_tg_a'),
          { name: 'x-set-cookie', value: 'gh_tg_a=1' },
          ...set('gh_tg_a=1; Max-Age=7200; Secure=no; HttpOnly=no; Path=/; Domain=example.com; SameSite=None'),
          ...set('gh_tg_b=2; Max-Age=60', 'gh_tg_c=; Max-Age=-5', 'gh_tg_d=4'),
        ],
        'tg',
        secure,
      ),
    ).toEqual([
      'gh_tg_a=1; Max-Age=3600; Path=/auth/tg/; HttpOnly; Secure; SameSite=Lax',
      'gh_tg_b=2; Max-Age=60; Path=/auth/tg/; HttpOnly; Secure; SameSite=Lax',
      'gh_tg_c=; Max-Age=0; Path=/auth/tg/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'gh_tg_d=4; Max-Age=3600; Path=/auth/tg/; HttpOnly; Secure; SameSite=Lax',
    ]);
  });

  it('passes a handler only its own cookies', () => {
    expect(handlerCookies('JWT=t; XSRF-TOKEN=j; gh_tg_req=s%20; gh_other_req=o; gh_tg=x; z=1', 'tg')).toEqual([
      { name: 'gh_tg_req', value: 's%20' },
    ]);
    expect(handlerCookies('', 'tg')).toEqual([]);
    // With a handler named tg_x, gh_tg_x_* is tg_x's: tg neither reads nor sets it.
    expect(handlerCookies('gh_tg_x_req=1; gh_tg_req=2', 'tg', ['tg', 'tg_x'])).toEqual([
      { name: 'gh_tg_req', value: '2' },
    ]);
    expect(handlerCookies('gh_tg_x_req=1; gh_tg_req=2', 'tg_x', ['tg', 'tg_x'])).toEqual([
      { name: 'gh_tg_x_req', value: '1' },
    ]);
    expect(handlerSetCookies(set('gh_tg_x_req=1'), 'tg', { sameSite: 'lax', secure: false }, ['tg', 'tg_x'])).toEqual(
      [],
    );
  });
});
