import { invalidateOnLive, serverApi } from '@rigshare/api-client';
import { MESSAGE_LIST_TAG } from './endpoints';

/** A `messages` event (a message sent to the member) reloads the message list; the badge is the shell's. */
export const followLiveEvents = () => invalidateOnLive(serverApi.util.invalidateTags, { messages: [MESSAGE_LIST_TAG] });
