/**
 * What other parts of the app may use from the verification feature: the result view, which shows
 * any VerificationResult (e.g. on a public credential page), and its text helpers.
 */
export { VerificationResultView, type VerificationResultViewProps } from './components/verification-result';
export { resultTitle, verdictLine, differenceSentence } from './lib/verdict-text';
