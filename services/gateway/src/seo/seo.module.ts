import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { ShareCardController } from './share-card.controller.js';
import { SharePreviewsService } from './share-previews.service.js';

/** Sharing previews: each runner page's head tags and its og:image card. */
@Module({
  imports: [ProfilesModule],
  controllers: [ShareCardController],
  providers: [SharePreviewsService],
  exports: [SharePreviewsService],
})
export class SeoModule {}
