import { SendMoneyScreen } from '../../screens/send-money-screen';
import { transferFlowRoute } from './transfer-flow';

/** /SendMoney (and /sendmoney, the menu's link): the transfer wizard, behind the identity gate. */
export default transferFlowRoute('sendMoney.title', SendMoneyScreen, false);
