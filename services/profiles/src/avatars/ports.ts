import type { ProfileDeps } from '../profiles/ports';

/** The uploads bucket, as the avatar use cases need it. */
export interface AvatarStorage {
  presignPut(input: {
    key: string;
    contentType: string;
    size: number;
    cacheControl: string;
    expiresInSeconds: number;
  }): Promise<{ url: string; headers: Record<string, string> }>;
  exists(key: string): Promise<boolean>;
  publicUrl(key: string): string;
}

export interface AvatarDeps extends ProfileDeps {
  storage: AvatarStorage;
}
