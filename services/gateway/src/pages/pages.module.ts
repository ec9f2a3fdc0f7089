import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { PosterController } from './poster.controller.js';
import { PostersService } from './posters.service.js';
import { ShareCardController } from './share-card.controller.js';
import { SharePreviewsService } from './share-previews.service.js';

/** Sharing previews: each runner page's head tags and its og:image card; the owner's race-day poster. */
@Module({
  imports: [ProfilesModule],
  controllers: [ShareCardController, PosterController],
  providers: [SharePreviewsService, PostersService],
  exports: [SharePreviewsService],
})
export class SeoModule {}
