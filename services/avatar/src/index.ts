export { avatarIdFor, isAvatarId } from './avatar-id';
export { type AvatarConfig, loadAvatarConfig } from './config';
export { type MigrationSummary, migrateAvatars } from './migrate';
export { type AvatarServiceOverrides, type RunningAvatarService, startAvatarService } from './service';
export { type AvatarStore, openStore, type StoreFactory, type StoreRegistry } from './stores';
export { MemoryAvatarStore } from './stores/memory';
