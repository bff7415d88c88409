import { Boot, BOOT_STRINGS } from './app/boot';
import { start } from './app/start';

start(<Boot />, BOOT_STRINGS);
