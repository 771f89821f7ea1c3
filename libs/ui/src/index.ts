export { copyToClipboard } from './clipboard';
export { CopyText, useCopy, type CopyTextProps } from './copy-text';
export { showRefusalOnForm } from './form-refusal';
export { LoadFailed, type LoadFailedProps } from './load-failed';
export { MemberAvatar, type MemberAvatarProps } from './member-avatar';
export { InfiniteList, type InfiniteListProps, type InfiniteListSource } from './infinite-list';
export { PageEmpty, type PageEmptyProps } from './page-empty';
export { ProgressMeter, type ProgressMeterProps } from './progress-meter';
export { useDebouncedClick } from './use-debounced-click';
