import { loginErrors } from '../errors';
import type { OAuth2Provider } from './provider';

/** Active providers by name, in registration order (the order GET /auth/list shows). */
export class ProviderRegistry {
  private readonly byName = new Map<string, OAuth2Provider>();

  register(provider: OAuth2Provider): void {
    if (this.byName.has(provider.name)) throw new Error(`provider ${provider.name}: registered twice`);
    this.byName.set(provider.name, provider);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  get(name: string): OAuth2Provider {
    const provider = this.byName.get(name);
    if (!provider) throw loginErrors.unknownProvider(name);
    return provider;
  }
}
