import { Module } from '@nestjs/common';
import { WorkerThreads } from '../common/thread-pool.js';
import { env } from '../config/env.js';
import { IdentityModule } from '../identity/identity.module.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { PosterController } from './poster.controller.js';
import { PostersService } from './posters.service.js';
import { RenderPool, Renderer } from './render-pool.js';
import { ShareCardController } from './share-card.controller.js';
import { SharePreviewsService } from './share-previews.service.js';

/**
 * The pages the gateway renders itself: each runner page's head tags and its og:image card, the
 * owner's race-day poster; the SPA's files and index.html (spa-hosting.ts, registered at bootstrap).
 */
@Module({
  imports: [ProfilesModule, IdentityModule],
  controllers: [ShareCardController, PosterController],
  providers: [
    SharePreviewsService,
    PostersService,
    {
      provide: Renderer,
      useFactory: (threads: WorkerThreads) => new RenderPool({ threads, queue: env.RENDER_QUEUE_MAX }),
      inject: [WorkerThreads],
    },
  ],
  exports: [SharePreviewsService],
})
export class PagesModule {}
