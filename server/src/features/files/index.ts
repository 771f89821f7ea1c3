/** The files feature's public module. */
export { fileRoutes, publicBase } from './routes';
export { storeImage } from './service';
export { detectImageMime } from './image-type';
