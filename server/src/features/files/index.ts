/** The files feature's public module: the one image intake, storing decoded images, and who may fetch a file. */
export { fileRoutes } from './routes';
export { publicBase, fileLinks, type FileLinks, type FileViewer } from './access';
export { storingImages, type StoreImage } from './service';
export { readImageForm, type ReadForm, type UploadForm } from './upload-form';
export type { DecodedImage, ImageMime } from './intake';
