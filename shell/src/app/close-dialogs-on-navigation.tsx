import { useEffect } from 'react';
import { Dialog, Modal } from 'antd-mobile';
import { useLocation } from 'react-router-dom';
import { reopenCompulsoryUpdate } from '../features/header/version-update';

/**
 * antd-mobile's imperative Dialog and Modal (Dialog.confirm, Modal.show, ...) live outside the
 * screen that opened them, so they stayed open over every page after the member went elsewhere
 * (issue 8 item 11). A dialog belongs to its screen: leaving the route closes them all. antd-mobile
 * is a page singleton, so this covers dialogs the remotes open too. Mounted before the routes, its
 * effect runs before a new screen's own, so a dialog that screen opens on arrival stays. A compulsory
 * app update is the one dialog that is not a screen's: it comes back.
 */
export function CloseDialogsOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    Dialog.clear();
    Modal.clear();
    reopenCompulsoryUpdate();
  }, [pathname]);
  return null;
}
