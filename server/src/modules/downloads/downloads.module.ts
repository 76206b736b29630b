import { Module } from '@nestjs/common';
import { DownloadProxy } from './download-proxy.js';
import { DownloadsController } from './downloads.controller.js';

@Module({ controllers: [DownloadsController], providers: [DownloadProxy] })
export class DownloadsModule {}
