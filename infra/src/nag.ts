import { Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
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

/**
 * Acknowledges the IAM5 finding for one wildcard resource ARN, spelled the way cdk-nag
 * spells it (its own flattening of the resolved ARN), so the id survives logical-id and
 * environment changes. Only same-stack tokens or explicit imports resolve identically here
 * and at validation time; automatic cross-stack references do not.
 */
export function acknowledgeWildcardResource(scope: IConstruct, arn: string, reason: string): void {
  const flat = flattenCfnReference(Stack.of(scope).resolve(arn));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
}

/**
 * For policies CDK writes for its own deploy-time handlers (not our functions): each
 * wildcard action/resource currently in the policy is acknowledged with the same reason.
 */
export function acknowledgeCdkHandlerPolicy(policy: iam.Policy, reason: string): void {
  const doc = Stack.of(policy).resolve(policy.document) as {
    Statement?: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  const findings = new Set<string>();
  for (const statement of doc.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action].flat())
      if (action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of [statement.Resource].flat()) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  for (const finding of findings) acknowledge(policy, `AwsSolutions-IAM5[${finding}]`, reason);
}
