//
//  LegacyViewController.h
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@protocol LegacyViewControllerDelegate <NSObject>
- (void)legacyViewControllerDidFinish:(UIViewController *)controller;
@optional
- (BOOL)legacyViewController:(UIViewController *)controller shouldOpenItem:(NSInteger)item;
@end

@interface LegacyViewController : UIViewController <UIGestureRecognizerDelegate, UINavigationBarDelegate>

@property (nonatomic, weak, nullable) id<LegacyViewControllerDelegate> delegate;
@property (nonatomic, copy) void (^completion)(BOOL finished);
@property (nonatomic, strong) IBOutlet UIButton *nextButton NS_SWIFT_NAME(next);
@property (nonatomic, readonly) NSURL *URL;

- (instancetype)initWithNibName:(nullable NSString *)nibNameOrNil bundle:(nullable NSBundle *)nibBundleOrNil NS_DESIGNATED_INITIALIZER;
+ (instancetype)controllerWithItems:(NSArray<NSString *> *)items;

@end

NS_ASSUME_NONNULL_END
