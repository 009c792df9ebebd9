import { Closers } from './closers';

describe('Closers', () => {
  it('closes in reverse order, each once, and goes on past a close that fails', async () => {
    const closed: string[] = [];
    const closers = new Closers();
    closers.add('pool', () => closed.push('pool'));
    const client = closers.open('client', { id: 'c' }, (c) => closed.push(c.id));
    expect(client).toEqual({ id: 'c' });
    closers.add('broken', () => {
      throw new Error('no');
    });
    closers.add('server', async () => closed.push('server'));
    await Promise.all([closers.closeAll(), closers.closeAll()]);
    expect(closed).toEqual(['server', 'c', 'pool']);
    expect(closers.size).toBe(0);
    expect(() => closers.add('late', () => {})).toThrow(/while the process is closing/);
  });

  it('closes what a failed start opened, and passes its error on', async () => {
    const closed: string[] = [];
    const closers = new Closers();
    const failing = closers.starting(async () => {
      closers.add('timer', () => closed.push('timer'));
      throw new Error('port taken');
    });
    await expect(failing).rejects.toThrow('port taken');
    expect(closed).toEqual(['timer']);
    expect(await new Closers().starting(async () => 42)).toBe(42);
  });
});
