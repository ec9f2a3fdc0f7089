// The mail feature's public surface: "no more mail from RunPledge to this address".
export { SuppressInbox, SUPPRESS_INBOX_LABEL } from './components/suppress-inbox';
