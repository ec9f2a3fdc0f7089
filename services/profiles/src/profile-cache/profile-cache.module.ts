import { Module } from '@nestjs/common';
import { ProfileCacheNotifier } from './profile-cache.notifier.js';

@Module({ providers: [ProfileCacheNotifier], exports: [ProfileCacheNotifier] })
export class ProfileCacheModule {}
