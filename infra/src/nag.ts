import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Records a cdk-nag acknowledgement (cdk-nag 3 uses CDK's native `Validations`). Every
 * call names one rule or one finding (`AwsSolutions-IAM5[Resource::*]`) and a reason
 * specific to that resource; the README lists them all.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (reason.trim().length < 20) throw new Error(`cdk-nag acknowledgement ${id} needs a specific reason`);
  Validations.of(scope).acknowledge({ id, reason });
}
