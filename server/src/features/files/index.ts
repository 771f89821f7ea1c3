/** The files feature's public module. */
export { fileRoutes, publicBase } from './routes';
export { detectImageMime } from './image-type';
