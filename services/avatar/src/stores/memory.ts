import type { AvatarStore } from './store';

/**
 * Avatars in process memory: lost on restart. Not a built-in address; it is the smallest example of
 * a custom store, registered in code (`customStores: { 'memory:': async () => new MemoryAvatarStore() }`).
 */
export class MemoryAvatarStore implements AvatarStore {
  readonly description = 'process memory';
  private readonly avatars = new Map<string, Buffer>();

  async put(avatarId: string, content: Buffer): Promise<void> {
    this.avatars.set(avatarId, Buffer.from(content));
  }

  async get(avatarId: string): Promise<Buffer | undefined> {
    return this.avatars.get(avatarId);
  }

  async remove(avatarId: string): Promise<boolean> {
    return this.avatars.delete(avatarId);
  }

  async list(): Promise<string[]> {
    return [...this.avatars.keys()].sort();
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}
