import { CrossBorderScreen } from '../../screens/cross-border-screen';
import { transferFlowRoute } from './transfer-flow';

/** /CrossBorderPayment: the transfer machine's cross-border presentation, behind the identity gate. */
export default transferFlowRoute('crossBorder.title', CrossBorderScreen, true);
