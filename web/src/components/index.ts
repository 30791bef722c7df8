export { AccessDenied, type AccessDeniedProps } from './access-denied';
export { ConfirmModal, type ConfirmModalProps } from './confirm-modal';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorBanner, ErrorBanners, type ErrorBannerProps, type ErrorBannersProps } from './error-banner';
export { FileSize, HashText } from './file-details';
export { FullPageSpinner, type FullPageSpinnerProps } from './full-page-spinner';
export { RequireAdmin, RequireAuth, type LoginRedirectState, type RequireAdminProps } from './guards';
export { ColorSchemeToggle } from './color-scheme-toggle';
export * from './certificate-status';
export {
  CertificateCard,
  CertificateCardSkeleton,
  type CertificateCardProps,
  type CertificateFact,
} from './certificate-card';
export {
  CertificateDownloadButton,
  downloadCertificate,
  type CertificateDownloadButtonProps,
} from './certificate-download-button';
export { CertificatePreview, type CertificatePreviewProps } from './certificate-preview';
export { VerifiableCopyMenu } from './verifiable-copy-menu';
