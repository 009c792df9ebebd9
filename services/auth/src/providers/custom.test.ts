import { createHash } from 'node:crypto';
import type { CustomProviderConfig } from './config';
import { customProvider } from './custom';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const base: CustomProviderConfig = {
  name: 'acme',
  type: 'custom',
  clientId: 'c',
  clientSecret: 's',
  authUrl: 'https://acme.example/authorize',
  tokenUrl: 'https://acme.example/token',
  infoUrl: 'https://acme.example/user',
  scopes: [],
  tokenAuth: 'post',
  userAttributes: { 'org.plan': 'plan' },
  mapping: { id: 'id', name: 'name', picture: 'picture' },
};

describe('custom OAuth2 provider mapping', () => {
  it('maps dotted paths, hashes the id under the provider name and copies attributes', async () => {
    const provider = customProvider(
      {
        ...base,
        mapping: { id: 'user.uid', name: 'user.profile.display', picture: 'user.avatar', email: 'user.mail' },
      },
      undefined,
    );
    const info = {
      user: { uid: 42, profile: { display: 'Ann' }, avatar: 'https://cdn/a.png', mail: 'a@x' },
      org: { plan: 'gold' },
    };
    expect(await provider.mapUser(info, Buffer.from(JSON.stringify(info)))).toEqual({
      id: `acme_${sha1('42')}`,
      name: 'Ann',
      picture: 'https://cdn/a.png',
      email: 'a@x',
      attrs: { plan: 'gold' },
    });
  });

  it('never lets a user-chosen field spell a final id', async () => {
    const provider = customProvider({ ...base, mapping: { id: 'login' } }, undefined);
    const mapped = await provider.mapUser({ login: `acme_${sha1('victim')}` }, Buffer.from('{}'));
    expect(mapped?.id).toBe(`acme_${sha1(`acme_${sha1('victim')}`)}`);
    expect(await provider.mapUser({ other: 1 }, Buffer.from('{}'))).toBeNull();
  });

  it('delegates to the application MapUser hook with the raw bytes, keeping ids under the provider name', async () => {
    const seen: [string, string][] = [];
    // Stands for the application's own mapping code behind hooks/v1 AuthHooks.MapUser.
    const hook = async (provider: string, raw: Buffer) => {
      seen.push([provider, raw.toString()]);
      const info = JSON.parse(raw.toString()) as { sub: string; nick: string };
      return { id: info.sub, name: info.nick };
    };
    const provider = customProvider({ ...base, mapping: 'hook', userAttributes: {} }, hook);
    const raw = Buffer.from('{"sub":"s-1","nick":"Hooky"}');
    expect(await provider.mapUser(JSON.parse(raw.toString()), raw)).toEqual({
      id: `acme_${sha1('s-1')}`,
      name: 'Hooky',
    });
    expect(seen).toEqual([['acme', raw.toString()]]);
  });

  it('refuses to start a hook-mapped provider without the hook', () => {
    expect(() => customProvider({ ...base, mapping: 'hook' }, undefined)).toThrow(/provider acme: mapping "hook"/);
  });
});
