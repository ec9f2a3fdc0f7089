import { Module } from '@nestjs/common';
import { TotalsQueue } from './totals-queue.js';

@Module({ providers: [TotalsQueue], exports: [TotalsQueue] })
export class TotalsQueueModule {}
