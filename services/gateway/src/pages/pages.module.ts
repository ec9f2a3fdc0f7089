import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { PosterController } from './poster.controller.js';
import { PostersService } from './posters.service.js';
import { ShareCardController } from './share-card.controller.js';
import { SharePreviewsService } from './share-previews.service.js';

/**
 * The pages the gateway renders itself: each runner page's head tags and its og:image card, the
 * owner's race-day poster; the SPA's files and index.html (spa-hosting.ts, registered at bootstrap).
 */
@Module({
  imports: [ProfilesModule],
  controllers: [ShareCardController, PosterController],
  providers: [SharePreviewsService, PostersService],
  exports: [SharePreviewsService],
})
export class PagesModule {}
