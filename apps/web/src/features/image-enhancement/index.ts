// Image enhancement (server module `image-enhancement`, HTTP path /product-videos/enhance-image): the
// Image Enhancement tab of the image-to-video screen, which the app composes into that screen.
export { ImageEnhancer, type ImageEnhancerProps } from './image-enhancer';
