// Linking and the directory through the auth service's gRPC API, with real dev logins and Postgres.
import type { auth } from '@gatehouse/proto';
import { call, type DirectoryStack, refusal, startDirectoryStack } from './directory-stack';

let stack: DirectoryStack;
beforeAll(async () => {
  // A login handler's name is all IssueSession needs: the handler itself is the gateway's to call.
  stack = await startDirectoryStack({ AUTH_LOGIN_HANDLERS: 'tg=127.0.0.1:9' });
}, 30_000);
afterAll(async () => {
  await stack?.stop();
});

const caller = (s: { user: { id: string }; jti: string }) => ({ userId: s.user.id, jti: s.jti });

describe('linking through gRPC', () => {
  it('links bob to alice: bob then logs in as alice, with dev still named as the provider', async () => {
    const alice = await stack.devLogin('alice');
    expect(alice.user.id).toMatch(/^dev_[0-9a-f]{40}$/);
    const link = await stack.devLogin('bob', alice.token);
    expect(link.token).toBe('');
    expect(link.linked).toMatchObject({ provider: 'dev', name: 'bob' });

    const bob = await stack.devLogin('bob');
    expect(bob.user.id).toBe(alice.user.id);
    expect(bob.user.name).toBe('bob');

    const listed = await call<{ identities: { id: string; current: boolean; provider: string }[] }>((cb) =>
      stack.identities.listIdentities({ caller: caller(bob), provider: 'dev' }, cb),
    );
    expect(listed.identities.map((i) => i.id)).toEqual([alice.user.id, link.linked?.id]);
    expect(listed.identities.filter((i) => i.current).map((i) => i.id)).toEqual([link.linked?.id]);

    // Unlinking bob works while alice remains; unlinking the last way in is refused.
    await call((cb) => stack.identities.unlinkIdentity({ caller: caller(alice), id: link.linked?.id as string }, cb));
    expect(
      await refusal(call((cb) => stack.identities.unlinkIdentity({ caller: caller(alice), id: alice.user.id }, cb))),
    ).toBe('FAILED_PRECONDITION: last login method');
    // Bob is a user of his own again.
    expect((await stack.devLogin('bob')).user.id).toBe(link.linked?.id);
  });

  it('refuses an identity that belongs to another user, and changes nothing', async () => {
    const carol = await stack.devLogin('carol');
    const dave = await stack.devLogin('dave');
    expect(await refusal(stack.devLogin('dave', carol.token))).toBe('ALREADY_EXISTS: identity in use');
    expect((await stack.devLogin('dave')).user.id).toBe(dave.user.id);
  });

  it('refuses a link started with a stale login, and one finished by another session', async () => {
    const erin = await stack.devLogin('erin');
    const { claims } = await stack.tokens().verify(erin.token);
    const stale = await stack
      .tokens(() => Date.now() - 6 * 60_000)
      .issueSession({ user: claims.user, aud: claims.aud ?? '', provider: 'dev', sessionOnly: false });
    expect(await refusal(stack.devLogin('frank', stale.token))).toBe('PERMISSION_DENIED: fresh login required');

    const otherBrowser = await stack.devLogin('erin');
    expect(await refusal(stack.devLogin('frank', erin.token, otherBrowser.token))).toBe(
      'PERMISSION_DENIED: link refused',
    );
    expect(await refusal(stack.devLogin('frank', erin.token, ''))).toBe('PERMISSION_DENIED: link refused');
  });

  it("links a login handler's user in one call (IssueSession), from a fresh session only", async () => {
    const gina = await stack.devLogin('gina');
    const tgUser = { name: 'gina on tg', id: `tg_${'a'.repeat(40)}`, picture: '' };
    const issue = (linkSessionToken: string) =>
      call<auth.IssueSessionResponse__Output>((cb) =>
        stack.authClient.issueSession(
          { provider: 'tg', userJson: JSON.stringify(tgUser), site: '', sessionOnly: false, linkSessionToken },
          cb,
        ),
      );
    const linked = await issue(gina.token);
    expect(linked.session).toBeNull();
    expect(linked.linked).toEqual({ id: tgUser.id, provider: 'tg', name: 'gina on tg' });
    const viaTg = await issue('');
    expect(JSON.parse(viaTg.userJson).id).toBe(gina.user.id);

    const { claims } = await stack.tokens().verify(gina.token);
    const stale = await stack
      .tokens(() => Date.now() - 6 * 60_000)
      .issueSession({ user: claims.user, aud: claims.aud ?? '', provider: 'dev', sessionOnly: false });
    expect(await refusal(issue(stale.token))).toBe('PERMISSION_DENIED: fresh login required');
  });
});
