import { Boot } from './app/boot';
import { start } from './app/start';

start(<Boot />);
