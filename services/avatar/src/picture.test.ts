import sharp from 'sharp';
import { avatarIdFor, contentFingerprint, isAvatarId } from './avatar-id';
import { isBlockedAddress } from './fetch-picture';
import { checkPicture, identicon, resizePicture, sniffContentType } from './picture';
import { crc64Ecma } from './stores/crc64';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#208040' } });

describe('avatar ids', () => {
  it('matches the go-pkgz reference vector', () => {
    expect(avatarIdFor('dev_user')).toBe('ccfa2abd01667605b4e1fc4fcb91b1e1af323240.image');
  });
  it('keeps an id that already is an avatar id, so migrations keep links', () => {
    const id = 'CCFA2ABD01667605B4E1FC4FCB91B1E1AF323240.image';
    expect(avatarIdFor(id)).toBe(id.toLowerCase());
    expect(isAvatarId(id)).toBe(true);
    expect(isAvatarId('ccfa2abd.image')).toBe(false);
    expect(isAvatarId(`../${'a'.repeat(40)}.image`)).toBe(false);
  });
  it('fingerprints content', () => {
    expect(contentFingerprint(Buffer.from(''))).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });
  it('shards with Go crc64 ECMA', () => {
    expect(crc64Ecma('123456789')).toBe(0x995dc9bbdf1939fan);
  });
});

describe('identicon', () => {
  it('is a 300 px PNG that decodes, the same for a user and different between users', async () => {
    const a = identicon('dev_user');
    const { data, info } = await sharp(a).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    expect(data.length).toBe(300 * 300 * info.channels);
    expect(identicon('dev_user').equals(a)).toBe(true);
    expect(identicon('other_user').equals(a)).toBe(false);
    expect(() => identicon('')).toThrow();
  });

  it('is drawn at a resize limit below 300 px; a limit of 0 or above 300 keeps 300 px', async () => {
    const side = async (limit: number) => (await sharp(identicon('dev_user', limit)).metadata()).width;
    expect(await side(64)).toBe(64);
    expect(await side(0)).toBe(300);
    expect(await side(1000)).toBe(300);
  });
});

describe('checkPicture', () => {
  it('accepts PNG, JPEG, GIF and WebP by decoding them', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      const bytes = await solid(30, 20).toFormat(format).toBuffer();
      expect(await checkPicture(bytes)).toMatchObject({ ok: true, width: 30, height: 20, format });
    }
  });
  it('refuses SVG, TIFF, HTML, empty input and a truncated PNG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>');
    const tiff = await solid(10, 10).tiff().toBuffer();
    const png = await solid(64, 64).png({ compressionLevel: 0 }).toBuffer();
    for (const bytes of [svg, tiff, Buffer.from('<html>hi</html>'), Buffer.alloc(0), png.subarray(0, 200)]) {
      expect((await checkPicture(bytes)).ok).toBe(false);
    }
  });
});

describe('resizePicture', () => {
  it('shrinks the longer side to the limit, keeps the aspect ratio and gives PNG', async () => {
    const jpeg = await solid(400, 200).jpeg().toBuffer();
    const out = await resizePicture(jpeg, { width: 400, height: 200 }, 100);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 100, 50]);
  });
  it('keeps the bytes when no side is over the limit or the limit is 0', async () => {
    const jpeg = await solid(80, 60).jpeg().toBuffer();
    expect(await resizePicture(jpeg, { width: 80, height: 60 }, 100)).toBe(jpeg);
    expect(await resizePicture(jpeg, { width: 80, height: 60 }, 0)).toBe(jpeg);
  });
});

describe('sniffContentType', () => {
  it('names image types by their first bytes and nothing else', async () => {
    expect(sniffContentType(await solid(2, 2).png().toBuffer())).toBe('image/png');
    expect(sniffContentType(await solid(2, 2).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffContentType(await solid(2, 2).gif().toBuffer())).toBe('image/gif');
    expect(sniffContentType(await solid(2, 2).webp().toBuffer())).toBe('image/webp');
    expect(sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('application/octet-stream');
    expect(sniffContentType(Buffer.from('<html>'))).toBe('application/octet-stream');
  });
});

describe('isBlockedAddress (SSRF guard)', () => {
  it('blocks private, loopback, link-local and mapped forms; lets public addresses through', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1']) {
      expect([a, isBlockedAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '100.64.0.1', 'not-an-ip']) {
      expect([a, isBlockedAddress(a)]).toEqual([a, true]);
    }
    // Prefixes that embed or translate to IPv4, and the deprecated ones still routed somewhere.
    for (const a of [
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a00:1',
      '::ffff:0:7f00:1',
      '::ffff:0:808:808',
      '2002:7f00:1::1',
      '2002:808:808::1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      'feff::1',
      '::',
    ]) {
      expect([a, isBlockedAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4001::200e']) {
      expect([a, isBlockedAddress(a)]).toEqual([a, false]);
    }
  });
});
