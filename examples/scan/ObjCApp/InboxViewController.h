#import <UIKit/UIKit.h>

@interface InboxViewController : UITableViewController
@end
